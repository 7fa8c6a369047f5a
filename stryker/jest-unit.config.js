// The repository's unit project (jest.config.js) as a configuration of its own, for Stryker's jest runner: handed
// the root file, the runner would keep its `projects` (every tier) whatever a target sets. Each target narrows
// `testMatch` to its own tests (stryker/target.mjs).
const { join } = require('node:path');
const { projects } = require('../jest.config.js');

module.exports = {
  ...projects.find((project) => project.displayName === 'unit'),
  rootDir: join(__dirname, '..'),
};
