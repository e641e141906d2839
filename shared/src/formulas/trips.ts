// How many one-way legs an entry stands for: each trip counts once, a round trip twice.
export function legCount(numberOfTrips: number, roundTrip: boolean): number {
  return numberOfTrips * (roundTrip ? 2 : 1);
}
