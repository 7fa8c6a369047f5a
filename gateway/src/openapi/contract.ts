import type { z } from 'zod';
import type { HttpMethod } from '../http/route-table';

/**
 * The schemas of one HTTP operation, declared once: the route validates its input with them, its presenter's
 * output is typed by them, and the OpenAPI document is generated from them (build-document.ts). Descriptions,
 * examples and `x-rule` (a rule no schema can say, in words) sit beside each schema in `.meta()`.
 */
export interface OperationSchemas {
  method: HttpMethod;
  /** The OpenAPI path under the document's server, e.g. `/bookings/{id}`. */
  path: string;
  /** Path parameters, one property each. */
  params?: z.ZodObject;
  /** Query parameters, one property each (the values arrive as strings). */
  query?: z.ZodObject;
  /** Request headers the operation reads, one property each. */
  headers?: z.ZodObject;
  /** The JSON request body. */
  body?: z.ZodType;
  /** Whether a request without a body is refused (`requestBody.required`). */
  bodyRequired?: boolean;
  /** The success responses' bodies by status: JSON, or another media type named beside its schema. */
  responses: Record<string, z.ZodType | { media: string; schema: z.ZodType }>;
}

/** A document's operations by `operationId`, and the named schemas that become `components.schemas`. */
export interface DocumentContract<
  Ops extends Record<string, OperationSchemas> = Record<string, OperationSchemas>,
> {
  operations: Ops;
  /** Schemas referred to by name (`$ref: #/components/schemas/<name>`) wherever they are used. */
  components: Record<string, z.ZodType>;
  /**
   * Success bodies of responses the texts name in `components.responses` (an operation answering
   * `$ref: #/components/responses/<name>` declares exactly this schema object for that status).
   */
  responses?: Record<string, z.ZodType>;
  /**
   * The name (in `components`) of the error envelope, an object whose `error.code` is an enum: an error
   * response of the texts names its codes in `x-error-codes`, and its schema is the envelope narrowed to them.
   */
  errorEnvelope: string;
}

/** Declares operations with their names kept in the type, so routes can say `operations.getBooking.params`. */
export function defineOperations<Ops extends Record<string, OperationSchemas>>(operations: Ops): Ops {
  return operations;
}

/** One contract from the contracts of several route groups; a name declared twice is an error. */
export function mergeContracts(
  parts: Array<Pick<DocumentContract, 'operations' | 'components' | 'responses'>>,
  rest: Omit<DocumentContract, 'operations' | 'components' | 'responses'>,
): DocumentContract {
  const operations: Record<string, OperationSchemas> = {};
  const components: Record<string, z.ZodType> = {};
  const responses: Record<string, z.ZodType> = {};
  for (const part of parts) {
    for (const [id, operation] of Object.entries(part.operations)) {
      if (id in operations) throw new Error(`Operation ${id} is declared twice`);
      operations[id] = operation;
    }
    mergeNamed(components, part.components, 'Schema');
    mergeNamed(responses, part.responses ?? {}, 'Response');
  }
  return { ...rest, operations, components, responses };
}

function mergeNamed(into: Record<string, z.ZodType>, from: Record<string, z.ZodType>, kind: string): void {
  for (const [name, schema] of Object.entries(from)) {
    if (name in into && into[name] !== schema) throw new Error(`${kind} ${name} is declared twice`);
    into[name] = schema;
  }
}
