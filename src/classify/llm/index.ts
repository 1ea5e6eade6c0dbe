/**
 * The LLM hook: a user-supplied async function (any provider) that sees the query and the base
 * (lexical) result and returns a result of its own. arcroute never trusts that output: it is
 * validated with `ActivationResultSchema` (with `activation_id` forced to null), and the base
 * result is used instead when the hook times out, throws or returns something invalid. The path
 * taken is named per answer: `<base>+llm` or `<base>+llm-fallback:<reason>`.
 */
import { ActivationResultSchema } from "../../schema/activation.js";
import type { Classification, Classifier } from "../types.js";

export type LlmHook = (query: string, base: Classification, context: { signal: AbortSignal }) => Promise<unknown>;

export type LlmFallbackReason = "timeout" | "invalid" | "error";

export interface LlmHookOptions {
  /** How long the hook may take before the base result is used (its signal is aborted). Default 2000 ms. */
  timeoutMs?: number | undefined;
  /** Called on every fallback, e.g. to log or count them; never sees secrets from arcroute. */
  onFallback?: ((reason: LlmFallbackReason, query: string, detail: unknown) => void) | undefined;
}

export const DEFAULT_LLM_TIMEOUT_MS = 2000;

const TIMED_OUT = Symbol("timed out");

/** Runs the hook with an abort signal that fires after `timeoutMs`; resolves to TIMED_OUT then. */
async function runWithTimeout(
  hook: LlmHook,
  query: string,
  base: Classification,
  timeoutMs: number,
): Promise<unknown> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => {
      // Settle first: a hook that rejects the moment its signal aborts must not win the race as an "error".
      resolve(TIMED_OUT);
      controller.abort(new Error(`LLM hook timed out after ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    // structuredClone: the hook may mutate what it is given; the fallback must stay intact.
    return await Promise.race([hook(query, structuredClone(base), { signal: controller.signal }), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Longest timeout setTimeout honours (larger ones, Infinity and NaN fire at once). */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** Wraps `base` so that each query goes through `hook`, validated, with fallback to `base`. */
export function withLlmHook(base: Classifier, hook: LlmHook, options: LlmHookOptions = {}): Classifier {
  // Refused when installed: a hook that is not a function would make every query fall back silently.
  if (typeof base?.classify !== "function" || typeof base.model !== "string") throw new TypeError("withLlmHook: `base` must be a Classifier ({ model, classify }), e.g. lexicalClassifier");
  if (typeof hook !== "function") throw new TypeError("withLlmHook: `hook` must be an async function (query, lexical result) => result");
  if (typeof options !== "object" || options === null) throw new TypeError("withLlmHook: `options` must be an object");
  const timeoutMs = options.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS;
  if (!(timeoutMs > 0 && timeoutMs <= MAX_TIMEOUT_MS)) throw new RangeError(`timeoutMs must be a number of milliseconds from 1 to ${MAX_TIMEOUT_MS}, got ${timeoutMs}`);
  const model = `${base.model}+llm`;

  async function classifyWithModel(query: string): Promise<{ result: Classification; model: string }> {
    const baseResult = await base.classify(query);
    const fallback = (reason: LlmFallbackReason, detail: unknown) => {
      try {
        options.onFallback?.(reason, query, detail);
      } catch {
        // A failing log callback must not turn a fallback into a failed classification.
      }
      return { result: baseResult, model: `${base.model}+llm-fallback:${reason}` };
    };
    let output: unknown;
    try {
      output = await runWithTimeout(hook, query, baseResult, timeoutMs);
    } catch (error) {
      return fallback("error", error);
    }
    if (output === TIMED_OUT) return fallback("timeout", null);
    if (typeof output !== "object" || output === null || Array.isArray(output)) return fallback("invalid", output);
    let parsed: ReturnType<typeof ActivationResultSchema.safeParse>;
    try {
      // Reading the output can run the hook's code (getters, proxies): inside the try, like the hook.
      parsed = ActivationResultSchema.safeParse({ ...output, activation_id: null });
    } catch (error) {
      return fallback("invalid", error);
    }
    if (!parsed.success) return fallback("invalid", parsed.error.issues);
    return { result: parsed.data as Classification, model };
  }

  return {
    model,
    classifyWithModel,
    async classify(query) {
      return (await classifyWithModel(query)).result;
    },
  };
}
