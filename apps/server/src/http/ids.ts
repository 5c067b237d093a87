const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a UUID: ids in paths are checked first, so a malformed one is a plain 404, not a database error. */
export const isUuid = (value: string): boolean => UUID.test(value);
