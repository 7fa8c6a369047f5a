/** `+91 98765-43210` → `919876543210`; WhatsApp names senders by these digits. */
export function digitsOf(phone: string | null | undefined): string | null {
  const digits = phone?.replace(/\D/g, '') ?? '';
  return digits.length > 0 ? digits : null;
}
