/** The platform day (`YYYY-MM-DD`) of an instant: sales and support days count in the platform time zone. */
export function platformDay(at: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}
