declare module 'wink-porter2-stemmer' {
  /** Porter2 (the "English" Snowball stemmer) of one lower-case word. */
  const stem: (word: string) => string;
  export default stem;
}
