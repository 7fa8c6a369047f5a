// Reads rendered Kubernetes documents (a JSON array) on stdin and prints a JSON array of problems: each
// document validated against the API schema of its apiVersion and kind, as kubernetes-models ships them.
import { readFileSync } from 'node:fs';

const docs = JSON.parse(readFileSync(0, 'utf8'));
const problems = [];
for (const doc of docs) {
  const where = `${doc.kind}/${doc.metadata?.name}`;
  const [group, version] = doc.apiVersion.includes('/') ? doc.apiVersion.split('/') : ['', doc.apiVersion];
  const modulePath = group ? `kubernetes-models/${group}/${version}` : `kubernetes-models/${version}`;
  let models;
  try {
    models = await import(modulePath);
  } catch {
    problems.push(`${where}: no schema for apiVersion ${doc.apiVersion}`);
    continue;
  }
  const Model = models[doc.kind];
  if (!Model) {
    problems.push(`${where}: no schema for kind ${doc.kind} in ${doc.apiVersion}`);
    continue;
  }
  try {
    new Model(doc).validate();
  } catch (error) {
    problems.push(`${where}: ${error.message}`);
  }
}
process.stdout.write(JSON.stringify(problems));
