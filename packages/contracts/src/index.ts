// One import point for every contract. Namespaces follow the proto packages.
export * as health from './gen/grpc/health/v1/health';
export * as events from './gen/travel/events/v1/envelope';
export * as identity from './gen/travel/identity/v1/identity_service';
