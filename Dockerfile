# syntax=docker/dockerfile:1
# One image per process of the platform (the gateway, a service or the console), from this one file:
#   docker build --build-arg PROCESS=booking -t registry.example.com/partner-travel/booking:0.1.0 .
# The build stage compiles the whole workspace with pnpm; the runtime stage holds only that process's `dist`
# and its production dependencies (`pnpm deploy --prod`), runs as the unprivileged `node` user (uid 1000) and
# starts node directly as PID 1 (it handles SIGTERM itself: packages/lifecycle drains within 10 s).
# docs/deploy.md: building every image, and the helm/test checks that keep this file honest.

# The base image, pinned in this one place (both stages use it). Pin its digest too in your registry mirror.
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

FROM ${NODE_IMAGE} AS build
ENV CI=true
RUN npm install --global --no-audit --no-fund --loglevel=error pnpm@9.15.9
WORKDIR /src
# Dependencies first, from the lockfile alone, so a code change reuses this layer.
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json ./
COPY patches ./patches
RUN pnpm fetch
COPY . .
RUN pnpm install --frozen-lockfile --offline
RUN pnpm run build
# PROCESS is declared only here: a build argument takes part in the cache key of every RUN after it, so the
# layers above are the same for every process and the builds after the first reuse them.
ARG PROCESS
# The process's package (gateway/, console/ or services/<name>/) with its dist and production dependencies only.
RUN test -n "${PROCESS}" || { echo 'build with --build-arg PROCESS=<gateway, console or a service name>' >&2; exit 1; }
# proto/ beside it: gRPC reflection, when GRPC_REFLECTION turns it on, describes the services from these files.
RUN pnpm --filter "@travel/${PROCESS}" deploy --prod /out \
    && test -f /out/dist/main.js \
    && rm -rf /out/src /out/test /out/tsconfig.json \
    && cp -r proto /out/proto

FROM ${NODE_IMAGE} AS runtime
ARG PROCESS
LABEL org.opencontainers.image.title="partner-travel-${PROCESS}" \
      org.opencontainers.image.description="Partner Travel ${PROCESS} process"
ENV NODE_ENV=production
WORKDIR /app
# Owned by root and not writable by the process: the root filesystem can be mounted read-only.
COPY --from=build /out/ /app/
USER 1000:1000
EXPOSE 8080 50051
ENTRYPOINT ["node", "dist/main.js"]
