// One import point for every contract. Namespaces follow the proto packages.
export * as health from './gen/grpc/health/v1/health';
export * as billing from './gen/travel/billing/v1/billing_service';
export * as booking from './gen/travel/booking/v1/booking_service';
export * as corporate from './gen/travel/corporate/v1/corporate_service';
export * as apiUsage from './gen/travel/events/v1/api_usage';
export * as bookingEvents from './gen/travel/events/v1/booking_event';
export * as events from './gen/travel/events/v1/envelope';
export * as identityChanged from './gen/travel/events/v1/identity_changed';
export * as invoiceEvents from './gen/travel/events/v1/invoice_event';
export * as apiAccess from './gen/travel/identity/v1/api_access_service';
export * as audit from './gen/travel/identity/v1/audit_service';
export * as identityCommon from './gen/travel/identity/v1/common';
export * as staff from './gen/travel/identity/v1/staff_service';
export * as tenants from './gen/travel/identity/v1/tenant_service';
export * as pricing from './gen/travel/pricing/v1/pricing_service';
export * as search from './gen/travel/search/v1/search_service';
export * as webhook from './gen/travel/webhook/v1/webhook_service';
