/**
 * Word tokens as the GloVe vocabulary spells them (lowercase, clitics split off), and the
 * stopwords a sentence embedding drops. Shared by the embedder, the table builder and the
 * retrieval benchmark's word-overlap measure, so all three agree on what a "content word" is.
 */

/** Function words that carry no topic; dropped before pooling. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  `a about above after again against all am an and any are as at be because been before being below
  between both but by can could did do does doing down during each few for from further had has have
  having he her here hers herself him himself his how i if in into is it its itself just me more most
  my myself no nor not now of off on once only or other our ours ourselves out over own same she should
  so some such than that the their theirs them themselves then there these they this those through to
  too under until up very was we were what when where which while who whom why will with would you your
  yours yourself yourselves 's n't 'm 're 've 'll 'd get got one ever still also`
    .split(/\s+/)
    .filter((word) => word.length > 0),
);

/** Lowercase word tokens; "didn't" → "did", "n't"; "mum's" → "mum", "'s"; digits kept. */
export function tokenize(text: string): string[] {
  const normalised = text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/n't\b/g, " n't")
    .replace(/'(s|m|re|ve|ll|d)\b/g, " '$1");
  return normalised.match(/n't|'(?:s|m|re|ve|ll|d)\b|[a-z0-9]+(?:-[a-z0-9]+)*/g) ?? [];
}

/** Tokens that are not stopwords. */
export function contentWords(text: string): string[] {
  return tokenize(text).filter((token) => !STOPWORDS.has(token));
}
