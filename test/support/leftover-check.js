// Component tier, at its end: databases, topics and consumer groups that test names (uniqueName) made since this
// run began and that are still there. Each file drops its own (component-environment.js); this catches what got
// past that. On the tier's own containers nobody else makes such names: the run fails. On shared servers
// (MONGO_URL given) another run may be using its own right now: they are reported.
const {
  claimedSince,
  describeResources,
  findTestResources,
} = require('../../packages/testkit/dist/test-resources');

module.exports = async function checkLeftovers({ ownServers }) {
  const runBegan = Date.now() - process.uptime() * 1000;
  const left = describeResources(await findTestResources(claimedSince(runBegan)));
  if (!left) return;
  const message = `test names of this run are still in the store or broker: ${left}`;
  if (ownServers) throw new Error(message);
  process.stderr.write(
    `[component tier] ${message} (another run on these shared servers may still use them)\n`,
  );
};
