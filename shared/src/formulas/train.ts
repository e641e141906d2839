// Train travel: great-circle distance times a detour factor (rails do not run straight), and a
// factor per country, because electricity mixes differ so much between networks.
import { haversineKm, type LatLon } from './geo';
import { legCount } from './trips';

export const TRAIN_DETOUR_FACTOR = 1.2;
/** Classification value of the factor used when no country factor applies. */
export const REST_OF_WORLD = 'RoW';

export interface TrainDistance {
  greatCircleKm: number;
  oneWayKm: number;
  legs: number;
  totalKm: number;
}

export function trainDistance(origin: LatLon, destination: LatLon, numberOfTrips: number, roundTrip: boolean): TrainDistance {
  const greatCircleKm = haversineKm(origin, destination);
  const oneWayKm = greatCircleKm * TRAIN_DETOUR_FACTOR;
  const legs = legCount(numberOfTrips, roundTrip);
  return { greatCircleKm, oneWayKm, legs, totalKm: oneWayKm * legs };
}

/**
 * Which country's factor applies: both ends in one country → that country; otherwise the
 * destination's; when the chosen country has no factor → rest of world.
 */
export function trainFactorCountry(originCountry: string, destinationCountry: string, hasFactor: (country: string) => boolean): string {
  const wanted = originCountry === destinationCountry ? originCountry : destinationCountry;
  return hasFactor(wanted) ? wanted : REST_OF_WORLD;
}
