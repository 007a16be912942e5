// An A2A 1.0 agent on @a2a-js/sdk for moonix's tests, over JSON-RPC
// (/a2a/jsonrpc) and REST (/a2a/rest), its card at the well-known path.
// The message's first word says what it does:
//   echo WORDS  an artifact "echo" streamed a word at a time, completed
//   hold        works until canceled
//   fail WHY    fails, WHY in the status message
//   ask         asks for input; the next message of the task completes it
//   (else)      answers with a message: "you said: TEXT"
// Usage: node a2a-echo-agent.mjs PORT
import express from 'express';
import { TaskState, Role, AGENT_CARD_PATH } from '@a2a-js/sdk';
import { DefaultRequestHandler, InMemoryTaskStore } from '@a2a-js/sdk/server';
import { agentCardHandler, jsonRpcHandler, restHandler, UserBuilder } from '@a2a-js/sdk/server/express';

const port = Number(process.argv[2] || 41241);
const base = `http://127.0.0.1:${port}`;

const card = {
  name: 'js echo agent',
  description: 'says back what it is told (@a2a-js/sdk)',
  version: '1.3.0',
  supportedInterfaces: [
    { url: `${base}/a2a/jsonrpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0', tenant: '' },
    { url: `${base}/a2a/rest`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0', tenant: '' },
  ],
  capabilities: { streaming: true, pushNotifications: false, extensions: [] },
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [{ id: 'echo', name: 'echo', description: 'says it back', tags: ['echo'], examples: [], inputModes: [], outputModes: [], securityRequirements: [] }],
  securitySchemes: {},
  securityRequirements: [],
  signatures: [],
};

const text = (parts) => parts.map((p) => (p.content?.$case === 'text' ? p.content.value : '')).join('');
const textPart = (value) => ({ content: { $case: 'text', value }, metadata: undefined, filename: '', mediaType: 'text/plain' });
const agentMessage = (ctx, value) => ({
  messageId: crypto.randomUUID(), contextId: ctx.contextId, taskId: ctx.taskId, role: Role.ROLE_AGENT,
  parts: [textPart(value)], metadata: undefined, extensions: [], referenceTaskIds: [],
});
const status = (ctx, state, message) => ({
  kind: 'statusUpdate',
  data: { taskId: ctx.taskId, contextId: ctx.contextId, status: { state, message, timestamp: new Date().toISOString() }, metadata: undefined },
});
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const canceled = new Set();
const contexts = new Map(); // task id -> its context id

const executor = {
  async execute(ctx, bus) {
    const said = text(ctx.userMessage.parts);
    const [word, ...rest] = said.split(' ');
    const continuing = ctx.task && ctx.task.status?.state === TaskState.TASK_STATE_INPUT_REQUIRED;
    if (!continuing && !['echo', 'hold', 'fail', 'ask'].includes(word)) {
      bus.publish({ kind: 'message', data: { ...agentMessage(ctx, `you said: ${said}`), taskId: '' } });
      bus.finished();
      return;
    }
    const task = ctx.task ?? {
      id: ctx.taskId, contextId: ctx.contextId, status: { state: TaskState.TASK_STATE_SUBMITTED, message: undefined, timestamp: new Date().toISOString() },
      artifacts: [], history: [ctx.userMessage], metadata: undefined,
    };
    contexts.set(ctx.taskId, ctx.contextId);
    bus.publish({ kind: 'task', data: task });
    bus.publish(status(ctx, TaskState.TASK_STATE_WORKING, undefined));
    if (continuing) {
      bus.publish({ kind: 'artifactUpdate', data: { taskId: ctx.taskId, contextId: ctx.contextId, append: false, lastChunk: true, metadata: undefined,
        artifact: { artifactId: 'answer', name: 'answer', description: '', parts: [textPart(`got ${said}`)], metadata: undefined, extensions: [] } } });
      bus.publish(status(ctx, TaskState.TASK_STATE_COMPLETED, undefined));
    } else if (word === 'echo') {
      rest.forEach((w, i) => {
        bus.publish({ kind: 'artifactUpdate', data: { taskId: ctx.taskId, contextId: ctx.contextId, append: i > 0, lastChunk: i === rest.length - 1, metadata: undefined,
          artifact: { artifactId: 'echo', name: 'echo', description: '', parts: [textPart((i > 0 ? ' ' : '') + w)], metadata: undefined, extensions: [] } } });
      });
      bus.publish(status(ctx, TaskState.TASK_STATE_COMPLETED, undefined));
    } else if (word === 'hold') {
      for (let i = 0; i < 200 && !canceled.has(ctx.taskId); i++) await sleep(50);
      if (canceled.has(ctx.taskId)) return;
      bus.publish(status(ctx, TaskState.TASK_STATE_COMPLETED, undefined));
    } else if (word === 'fail') {
      bus.publish(status(ctx, TaskState.TASK_STATE_FAILED, agentMessage(ctx, rest.join(' '))));
    } else if (word === 'ask') {
      bus.publish(status(ctx, TaskState.TASK_STATE_INPUT_REQUIRED, agentMessage(ctx, 'what colour?')));
    }
    bus.finished();
  },
  async cancelTask(taskId, bus) {
    canceled.add(taskId);
    bus.publish(status({ taskId, contextId: contexts.get(taskId) ?? '' }, TaskState.TASK_STATE_CANCELED, undefined));
    bus.finished();
  },
};

const handler = new DefaultRequestHandler(card, new InMemoryTaskStore(), executor);
const app = express();
app.use(`/${AGENT_CARD_PATH}`, agentCardHandler({ agentCardProvider: handler }));
app.use('/a2a/jsonrpc', jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }));
app.use('/a2a/rest', restHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }));
app.listen(port, '127.0.0.1');
