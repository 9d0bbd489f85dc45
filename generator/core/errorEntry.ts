/** One row of the error table (errors.ts): a title, a message from arguments, and a hint that says what to do. */
export interface ErrorEntry<A> {
  title: string;
  message: (args: A) => string;
  hint: string | ((args: A) => string);
}

export const entry = <A>(e: ErrorEntry<A>) => e;
