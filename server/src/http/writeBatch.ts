import { errorAnswer } from '../middleware/errorHandler';
import { type Endpoint, type InnerWrite, runInnerWrite, type UserRequest } from './endpoint';
import { memoryReply } from './reply';

/**
 * One write's answer in a batch: its status, and its body where the client needs it (the last
 * applied write's, a refused or failed write's); `replayed` when its key had been answered before.
 */
export interface WriteAnswer {
  key: string;
  status: number;
  body?: unknown;
  replayed?: true;
}

const isApplied = (status: number) => status >= 200 && status < 300;

/**
 * Runs `writes` one after the other through `spec`, each exactly as its own request would run
 * (`runInnerWrite`: its key, checks, transaction, load, authorize, handle, kept answer), and
 * stops after the first that is not applied: its answer is the one the single request would
 * get (an error as the error handler answers it, an unexpected one logged), the writes after it
 * are neither run nor answered. The applied writes before the last applied one are answered by
 * status only: the outbox settles them without their answers (each is kept under its key in
 * full, as the single request keeps it).
 */
export async function answerInOrder<Body, Query, Resource, Result, InTransaction extends boolean>(
  spec: Endpoint<Body, Query, Resource, Result, InTransaction>,
  outer: UserRequest<unknown, unknown, unknown>,
  writes: readonly InnerWrite[],
): Promise<WriteAnswer[]> {
  const answers: WriteAnswer[] = [];
  for (const write of writes) {
    const reply = memoryReply();
    try {
      await runInnerWrite(spec, outer, write, reply);
    } catch (thrown) {
      const failed = errorAnswer(thrown);
      if (failed.unexpected)
        outer.services.logger.error({ err: thrown, method: write.method, path: write.path }, 'unhandled error');
      reply.status = failed.status;
      reply.body = failed.body;
    }
    answers.push({
      key: write.key,
      status: reply.status,
      body: reply.body,
      ...(reply.headers['Idempotent-Replayed'] === 'true' ? { replayed: true as const } : {}),
    });
    if (!isApplied(reply.status)) break;
  }
  const lastApplied = answers.findLastIndex((answer) => isApplied(answer.status));
  return answers.map((answer, index) => {
    if (!isApplied(answer.status) || index === lastApplied) return answer;
    const { body: _body, ...acknowledged } = answer;
    return acknowledged;
  });
}
