/** Turns texts into dense vectors for a vector store. */
export interface Embedder {
  /** Name and version of the embedding, e.g. `arcroute-glove100-sif@1`; stored next to vectors. */
  readonly model: string;
  readonly dimensions: number;
  /** One vector per text, in order; the same text always gives the same vector. */
  embed(texts: string[]): Promise<Float32Array[]>;
}

/** `embed` takes a list of texts: a bare string would be embedded one vector per character. */
export function checkTexts(texts: unknown): asserts texts is string[] {
  if (!Array.isArray(texts) || !texts.every((text) => typeof text === "string")) {
    throw new TypeError(`embed() takes an array of strings${typeof texts === "string" ? " (wrap a single text in [ ])" : ""}`);
  }
}
