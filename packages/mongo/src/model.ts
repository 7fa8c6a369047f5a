import type { Connection, Model, Schema } from 'mongoose';

/** The connection's model for a schema, compiled once per connection (repositories may be built twice in tests). */
export function modelOn<T>(connection: Connection, name: string, schema: Schema<T>): Model<T> {
  return (connection.models[name] as Model<T> | undefined) ?? connection.model<T>(name, schema);
}
