// Component tier: make sure the real store (secantusd), Kafka and Redis are up (installs on first use; a no-op when running).
const { startInfra } = require('../../deploy/local/dist');

module.exports = async function infraSetup() {
  await startInfra({ log: (line) => process.stderr.write(`${line}\n`) });
};
