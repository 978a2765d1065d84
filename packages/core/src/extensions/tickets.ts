/** The ticket-provider extension point behind the `ticketed` filter (SPEC §9). */
export interface TicketProvider {
  /** The ids of the events that have tickets. */
  ticketedEventIds(): Promise<Iterable<number>>;
}
