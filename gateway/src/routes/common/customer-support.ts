/** The platform's customer-support right: storefront customers are the platform's, not a tenant's (wallets, bookings). */
export const CUSTOMER_SUPPORT_RIGHT = 'bookings';
