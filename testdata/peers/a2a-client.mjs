// An A2A 1.0 client on @a2a-js/sdk for moonix's tests: it drives the
// agent at URL (moonix a2a serve) through a fixed exchange and prints
// what came back, one line a step, so that a test can compare.
// A2A_TOKEN, when set, is sent as a bearer token.
// Usage: node a2a-client.mjs URL
import { ClientFactory } from '@a2a-js/sdk/client';
import { Role, TaskState } from '@a2a-js/sdk';

const url = process.argv[2];
const options = process.env.A2A_TOKEN ? { serviceParameters: { Authorization: `Bearer ${process.env.A2A_TOKEN}` } } : undefined;
const client = await new ClientFactory().createFromUrl(url);
const card = await client.getAgentCard();
console.log(`card: ${card.name}, streaming ${card.capabilities?.streaming}, ${card.supportedInterfaces.map((i) => i.protocolBinding).join(' ')}`);

const message = (text, taskId = '') => ({
  tenant: '', configuration: undefined, metadata: undefined,
  message: { messageId: crypto.randomUUID(), contextId: '', taskId, role: Role.ROLE_USER, parts: [{ content: { $case: 'text', value: text }, filename: '', mediaType: '', metadata: undefined }], metadata: undefined, extensions: [], referenceTaskIds: [] },
});
const state = (s) => TaskState[s].replace('TASK_STATE_', '').toLowerCase();
const partText = (p) => (p.content.$case === 'text' ? p.content.value : p.content.$case === 'data' ? JSON.stringify(p.content.value) : `<${p.content.$case}>`);
// the artifacts: stdout's text, the result's exit code
const artifacts = (task) => (task.artifacts ?? []).map((a) => (a.name === 'result' ? `exit=${a.parts[0].content.value.exit_code}` : `${a.name}=${JSON.stringify(a.parts.map(partText).join(''))}`)).join(' ');

// send: a blocking message
let task = await client.sendMessage(message('echo hi; echo oops >&2'), options);
console.log(`send: ${state(task.status.state)} ${artifacts(task)}`);

// a failing script
task = await client.sendMessage(message('echo no; exit 3'), options);
console.log(`fail: ${state(task.status.state)} ${JSON.stringify(task.status.message?.parts.map(partText).join(''))}`);

// stream: events as they come
const kinds = [];
let chunks = '';
for await (const ev of client.sendMessageStream(message('for i in 1 2 3; do echo $i; done'), options)) {
  const { $case, value } = ev.payload;
  if ($case === 'statusUpdate') kinds.push(state(value.status.state));
  else if ($case === 'artifactUpdate' && value.artifact.name !== 'result') chunks += value.artifact.parts.map(partText).join('');
  else kinds.push($case);
}
console.log(`stream: ${kinds.join(' ')} ${JSON.stringify(chunks)}`);

// state carries over from task to task, as in a terminal
await client.sendMessage(message('x=kept; cd /tmp'), options);
task = await client.sendMessage(message('echo $x $PWD'), options);
console.log(`state: ${artifacts(task)}`);

// get and cancel a task under way
task = await client.sendMessage({ ...message('sleep 30'), configuration: { returnImmediately: true, acceptedOutputModes: [], historyLength: undefined, taskPushNotificationConfig: undefined } }, options);
for (let i = 0; i < 100 && task.status.state !== TaskState.TASK_STATE_WORKING; i++) {
  await new Promise((r) => setTimeout(r, 50));
  task = await client.getTask({ tenant: '', id: task.id, historyLength: undefined }, options);
}
console.log(`get: ${state(task.status.state)}`);
task = await client.cancelTask({ tenant: '', id: task.id, metadata: undefined }, options);
console.log(`cancel: ${state(task.status.state)}`);
task = await client.getTask({ tenant: '', id: task.id, historyLength: undefined }, options);
console.log(`after: ${state(task.status.state)}`);

// an unknown task
try {
  await client.getTask({ tenant: '', id: 'no-such-task', historyLength: undefined }, options);
} catch (e) {
  console.log(`unknown: ${e.constructor.name}`);
}
