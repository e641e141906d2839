// The module's English words: its names, fields and options (`modules.professional_travel`, the keys its
// descriptor and entry types give) and its method sentences (`method.formulas.<entry type>`).
// The SPA (web/src/i18n/en.ts) and the printable report (bff/src/domain/reportExport/) read them.

const messages = {
  modules: {
    professional_travel: {
      title: 'Professional travel',
      description: 'Plane, train, car, coach, bus and ferry trips of the unit’s members.',
      types: { plane: 'Plane trip', train: 'Train trip', road_sea: 'Car, taxi, coach, bus or ferry trip' },
      fields: {
        origin: 'Origin',
        destination: 'Destination',
        origin_country: 'Origin country',
        destination_country: 'Destination country',
        cabin_class: 'Cabin class',
        class: 'Class',
        mode: 'Mode',
        distance_km: 'One-way distance (km)',
        occupancy: 'People in the car or taxi',
        number_of_trips: 'Number of trips',
        round_trip: 'Round trip',
        departure_date: 'Departure date',
        traveler_id: 'Traveler',
        traveler_name: 'Traveler',
      },
      columns: { traveler_id: 'Person number' },
      hints: {
        distance_km: 'By road or sea, one way (a route planner’s figure). A car, taxi or coach trip may leave it empty and give its origin and destination instead',
        occupancy: 'Cars and taxis only, the traveler included: the vehicle’s footprint is shared among them. Empty: the traveler alone',
      },
      options: {
        cabin_class: { economy: 'Economy', business: 'Business', first: 'First' },
        class: { first: 'First', second: 'Second' },
        mode: {
          car_petrol: 'Car, petrol',
          car_diesel: 'Car, diesel',
          car_hybrid: 'Car, hybrid',
          car_battery_electric: 'Car, battery electric',
          car_unknown: 'Car, fuel unknown',
          taxi: 'Taxi',
          coach: 'Coach',
          bus: 'Local bus',
          ferry_foot: 'Ferry (foot passenger)',
        },
      },
    },
  },
  formulas: {
    plane: {
      plane: 'One-way distance = great-circle distance between the airports + 95 km. Its band: short under 1,000 km, medium 1,000–3,500 km, long over 3,500 km. kg CO2e = one-way distance × legs (trips, twice for a round trip) × the factor of the band and cabin class (kg CO2e per km).',
    },
    train: {
      train: 'One-way distance = great-circle distance × 1.2 (rails do not run straight). The factor is the country’s when both ends are in it, else the destination country’s, else the rest-of-the-world one. kg CO2e = one-way distance × legs × the factor (kg CO2e per km).',
    },
    road_sea: {
      road_sea: 'Distance = the one-way distance entered, or for a car, taxi or coach trip between two places the great-circle distance between them × 1.3 (the road detour factor of the GES 1point5 method), × legs (trips, twice for a round trip). Coach, bus and ferry: kg CO2e = distance × the mode’s factor (kg CO2e per passenger-km). Car and taxi: kg CO2e = distance × the factor of the car’s fuel or of the taxi (kg CO2e per vehicle-km) ÷ the people in it (1 when not given). A mode without a factor for the year has no figure.',
    },
  },
};

export default messages;
