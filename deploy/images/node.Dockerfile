# The local stand-in for the official node:24-bookworm-slim image, for machines with no image registry:
# Debian bookworm (minbase, made by debootstrap and imported) plus Node.js 24 and npm from the npm registry
# (packed on the host by `npm pack`, so nothing is downloaded here but Debian's ca-certificates).
# Built by deploy/local (ensureBaseImages) with the classic builder and --network host; docs/deploy.md.
ARG DEBIAN_IMAGE

# node and npm unpacked in a stage of their own, so the packed files are in no layer of the image.
FROM ${DEBIAN_IMAGE} AS unpack
COPY node.tgz npm.tgz /tmp/
# node at /usr/local/bin and npm under /usr/local/lib/node_modules, where the official image has them (so
# `npm install --global` puts its commands on PATH).
RUN mkdir -p /out/bin /out/lib/node_modules/npm \
    && tar -xzf /tmp/node.tgz -C /tmp package/bin/node \
    && mv /tmp/package/bin/node /out/bin/node \
    && tar -xzf /tmp/npm.tgz -C /out/lib/node_modules/npm --strip-components=1 \
    && ln -s ../lib/node_modules/npm/bin/npm-cli.js /out/bin/npm \
    && ln -s ../lib/node_modules/npm/bin/npx-cli.js /out/bin/npx

FROM ${DEBIAN_IMAGE}
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && apt-get clean \
    && rm -rf /var/lib/apt/lists/*
# The authorities the building machine adds to its system bundle (none on most machines): a build step that
# installs from a registry (npm, pnpm) goes through the same network as the machine.
COPY ca/ /usr/local/share/ca-certificates/
RUN update-ca-certificates
# Node reads the system bundle too, as the machine's node does.
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
COPY --from=unpack /out/ /usr/local/
RUN node --version && npm --version
# The official image's unprivileged user, uid and gid 1000.
RUN groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
CMD ["node"]
