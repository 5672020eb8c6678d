import { ValidateIf } from 'class-validator';

/**
 * A body field that may be left out but is never null: `IsOptional` skips null as well as a missing field, so a
 * null reached a column that holds none (a 500) or emptied a value. Here null is checked like any other value,
 * and the field's own rules refuse it with their sentence. Fields that may be emptied keep `IsOptional`.
 */
export const Omittable = () => ValidateIf((_object: object, value: unknown) => value !== undefined);
