import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import type { Llama, LlamaGrammar, LlamaModel } from 'node-llama-cpp';
import type { z } from 'zod';
import { AiError } from '../errors.ts';
import { OneAtATime } from '../one-at-a-time.ts';
import type { EngineStatus } from '../ports.ts';
import { jsonSchemaOf, parseJson } from '../json-output.ts';
import type { GenerateRequest, JsonGenerator } from '../writer.ts';
import { MODEL_MISSING_FIX, modelMissingError, modelMissingProblem } from './missing-model.ts';

export interface LocalGeneratorSettings {
  /** An instruction-tuned GGUF model. */
  modelPath: string;
  threads?: number;
  /** Largest context to allocate; the real one fits the prompt (default 16384 tokens). */
  contextSize?: number;
  /** Most tokens one answer may have (default 4096: an autobiography is long). */
  maxOutputTokens?: number;
  /** Fixed sampling seed, for repeatable output (tests, benchmarks). */
  seed?: number;  /** How long a job waits to look again while the model file is missing (default MODEL_MISSING_RETRY_MS). */
  missingModelRetryMs?: number;
}

/** Tokens produced and time taken by the last generation, for the benchmark. */
export interface GenerationStats {
  tokens: number;
  seconds: number;
}

type JsonSchemaArgument = Parameters<Llama['createGrammarForJsonSchema']>[0];

/**
 * Bounds a task's JSON schema for the grammar: lists get at most 20 items, so a small model
 * cannot fill its whole token budget with names. (String lengths stay open: llama.cpp
 * expands a maxLength into that many grammar rules, which makes sampling crawl.) OpenAI's
 * strict mode refuses maxItems, so only the local adapter adds it.
 */
export function boundForGrammar(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object') return schema;
  const node = { ...(schema as Record<string, unknown>) };
  const types = ([] as unknown[]).concat(node.type ?? []);
  if (node.properties && typeof node.properties === 'object') {
    node.properties = Object.fromEntries(
      Object.entries(node.properties as Record<string, unknown>).map(([k, v]) => [k, boundForGrammar(v)]),
    );
  }
  if (types.includes('array')) {
    node.maxItems ??= 20;
    node.items = boundForGrammar(node.items);
  }
  return node;
}

/**
 * A GGUF model through node-llama-cpp on the CPU, its output held to the task's JSON
 * schema by a grammar, then validated by zod. One generation at a time; the model is
 * loaded on first use and kept.
 */
export class LocalJsonGenerator implements JsonGenerator {
  readonly adapter = 'local' as const;
  private loaded: Promise<{ llama: Llama; model: LlamaModel }> | undefined;
  /** One grammar per output schema (two tasks may share one: writing and rewriting a story). */
  private readonly grammars = new Map<z.ZodType, Promise<LlamaGrammar & { parse(text: string): unknown }>>();
  private readonly queue = new OneAtATime();
  lastStats: GenerationStats | undefined;

  constructor(private readonly settings: LocalGeneratorSettings) {}

  get model(): string {
    return basename(this.settings.modelPath);
  }

  private load(): Promise<{ llama: Llama; model: LlamaModel }> {
    if (!existsSync(this.settings.modelPath)) return Promise.reject(modelMissingError(this.settings.modelPath, this.settings.missingModelRetryMs));
    if (!this.loaded) {
      this.loaded = (async () => {
        // node-llama-cpp loads with the model, not at every start (decision 024).
        const { getLlama } = await import('node-llama-cpp');
        const llama = await getLlama({ gpu: false, build: 'never', logLevel: 'error' as never });
        const model = await llama.loadModel({ modelPath: this.settings.modelPath });
        return { llama, model };
      })().catch((error: unknown) => {
        this.loaded = undefined;
        throw new AiError('temporarily_unavailable', {
          detail: `llama.cpp could not load ${this.model}: ${(error as Error).message}`, cause: error,
        });
      });
    }
    return this.loaded;
  }

  private grammar(llama: Llama, schema: z.ZodType) {
    let grammar = this.grammars.get(schema);
    if (!grammar) {
      grammar = llama.createGrammarForJsonSchema(boundForGrammar(jsonSchemaOf(schema)) as JsonSchemaArgument) as never;
      this.grammars.set(schema, grammar!);
    }
    return grammar!;
  }

  async generate<S extends z.ZodType>(request: GenerateRequest<S>): Promise<z.infer<S>> {
    const { llama, model } = await this.load();
    return this.queue.run(async () => {
      request.signal?.throwIfAborted();
      const grammar = await this.grammar(llama, request.schema);
      const maxTokens = this.settings.maxOutputTokens ?? 4096;
      const promptTokens = model.tokenize(`${request.prompt.system}\n${request.prompt.user}`).length;
      const contextSize = Math.min(
        model.trainContextSize,
        this.settings.contextSize ?? 16384,
        Math.max(1024, promptTokens + maxTokens + 256),
      );
      if (promptTokens + 64 > contextSize) {
        throw new AiError('processing_failed', {
          detail: `the input (${promptTokens} tokens) does not fit the local model's context of ${contextSize} tokens`,
        });
      }
      const context = await model.createContext({
        contextSize,
        threads: this.settings.threads ?? availableParallelism(),
      });
      try {
        const { LlamaChatSession } = await import('node-llama-cpp');
        const session = new LlamaChatSession({ contextSequence: context.getSequence(), systemPrompt: request.prompt.system });
        const started = performance.now();
        let tokens = 0;
        const text = await session.prompt(request.prompt.user, {
          grammar,
          temperature: request.prompt.temperature,
          maxTokens: Math.min(maxTokens, contextSize - promptTokens - 32),
          signal: request.signal,
          ...(this.settings.seed !== undefined ? { seed: this.settings.seed } : {}),
          onToken: (chunk) => {
            tokens += chunk.length;
          },
        }).catch((error: unknown) => {
          if (request.signal?.aborted) throw error;
          throw new AiError('processing_failed', { retryable: true, detail: `llama.cpp: ${(error as Error).message}`, cause: error });
        });
        this.lastStats = { tokens, seconds: (performance.now() - started) / 1000 };
        return parseJson(request.schema, text);
      } finally {
        await context.dispose();
      }
    });
  }

  async status(): Promise<EngineStatus> {
    const present = existsSync(this.settings.modelPath);
    return {
      name: 'writer', adapter: 'local', model: this.model, ready: present,
      ...(present ? {} : { problem: modelMissingProblem(this.settings.modelPath), fix: MODEL_MISSING_FIX }),
    };
  }

  async close(): Promise<void> {
    const loaded = this.loaded;
    this.loaded = undefined;
    this.grammars.clear();
    const value = await loaded?.catch(() => undefined);
    if (value) {
      await value.model.dispose();
    }
  }
}
