import type { ServerResponse } from 'node:http';
import { AppError, badRequest } from '@travel/errors';
import express, { type ErrorRequestHandler, type RequestHandler, type Response } from 'express';
import { requestContextOf } from '../http/request-context';

export const MAX_BODY_BYTES = 1024 * 1024;

function hasBody(req: Parameters<RequestHandler>[0]): boolean {
  const length = req.get('content-length');
  return (length !== undefined && length !== '0') || req.get('transfer-encoding') !== undefined;
}

/** Bodies are JSON only and at most 1 MiB (docs/decisions/http-api.md, "Body checks"); failures become catalog errors in the envelope. */
export function jsonBody(): RequestHandler[] {
  const requireJson: RequestHandler = (req, res, next) => {
    const length = Number(req.get('content-length') ?? 0);
    if (length > MAX_BODY_BYTES) return next(new AppError('payload_too_large'));
    if (hasBody(req) && !req.is('application/json')) {
      return next(
        new AppError('bad_request', 'Request bodies must be JSON (Content-Type: application/json).'),
      );
    }
    if (!hasBody(req) && requestContextOf(res).route?.bodyRequired)
      return next(badRequest([{ path: 'body', message: 'is required (a JSON body)' }]));
    next();
  };
  return [requireJson, express.json({ limit: MAX_BODY_BYTES, strict: false, verify: keepRawBody })];
}

/** body-parser hands every body's bytes to `verify`; routes that sign their bodies keep them (no copy). */
const keepRawBody = (_req: unknown, res: ServerResponse, body: Buffer) => {
  const context = requestContextOf(res as Response);
  if (context.route?.rawBody) context.rawBody = body;
};

/** Turns body-parser's errors into ours. */
export const jsonBodyErrors: ErrorRequestHandler = (error, _req, _res, next) => {
  const type = (error as { type?: string }).type;
  if (type === 'entity.too.large') return next(new AppError('payload_too_large'));
  if (type === 'entity.parse.failed')
    return next(new AppError('bad_request', 'The request body is not valid JSON.'));
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return next(new AppError('bad_request', 'The request body must be UTF-8 JSON.'));
  }
  next(error);
};
