/**
 * Input type of a machine whose context has a default for everything. `void`, not `undefined`:
 * setup() infers `types.input` through an optional property, which drops `undefined` and would make
 * `createActor(machine)` demand an input; `void` survives, so the input stays optional.
 */
export type OptionalInput<T> = T | void;
