import { logger } from "./logger.server";
import { Refusal } from "./refusal";

/** What an action answers: the HTTP status and the result its screen reads. */
export type Answer<R> = { status: number; result: R };

/** How an action words what went wrong in a feature's call. */
export type ErrorAnswers<R> = {
  /** The log line of an unexpected failure, and what identifies it there (the request id, …). */
  log: string;
  context: Record<string, unknown>;
  /** The result of an unexpected failure, answered with a 500: never the error's own text. */
  failed: R;
  /**
   * A refusal in this action's words. Without it, `{ ok: false, message: code }` with the
   * refusal's values, field errors and data: the action's result type lists the refusals its
   * features throw, which no catch can check.
   */
  refused?: (refusal: Refusal) => R;
};

/** The answer to an error a feature threw: a refusal's own, anything else logged and answered as failed. */
export function answerError<R>(error: unknown, answers: ErrorAnswers<R>): Answer<R> {
  if (error instanceof Refusal) {
    return { status: error.status, result: answers.refused ? answers.refused(error) : (refusedResult(error) as R) };
  }
  logger.error({ err: error, ...answers.context }, answers.log);
  return { status: 500, result: answers.failed };
}

/** Runs a feature's call for an action: its result with a 200, else `answerError`'s answer. */
export async function withRefusals<R>(run: () => Promise<R>, answers: ErrorAnswers<R>): Promise<Answer<R>> {
  try {
    return { status: 200, result: await run() };
  } catch (error) {
    return answerError(error, answers);
  }
}

function refusedResult({ code, values, fieldErrors, data }: Refusal) {
  return {
    ok: false,
    message: code,
    ...(values ? { values } : {}),
    ...(fieldErrors ? { fieldErrors } : {}),
    ...data,
  };
}
