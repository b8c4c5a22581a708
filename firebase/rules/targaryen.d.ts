/** The part of targaryen 3.1's API the rules tests use; the package ships no types. */
declare module 'targaryen' {
  export interface TargaryenResult {
    path: string;
    allowed: boolean;
    /** The evaluation trace, which says which rule allowed or denied the operation. */
    info: string;
    newValue?: unknown;
  }

  export interface TargaryenOptions {
    auth?: object | null;
    data?: unknown;
    debug?: boolean;
    now?: number;
  }

  export interface TargaryenDatabase {
    as(auth: object | null): TargaryenDatabase;
    with(options: TargaryenOptions): TargaryenDatabase;
    read(path: string, options?: { now?: number }): TargaryenResult;
    write(path: string, value: unknown, options?: { now?: number }): TargaryenResult;
    update(
      path: string,
      patch: Record<string, unknown>,
      options?: { now?: number },
    ): TargaryenResult;
  }

  const targaryen: {
    database(rules: object, data?: unknown, now?: number | null): TargaryenDatabase;
  };
  export default targaryen;
}
