// The module's English words: its names, fields and options (`modules.commuting`, the keys its
// descriptor and entry types give) and its method sentences (`method.formulas.<entry type>`).
// The SPA (web/src/i18n/en.ts) and the printable report (bff/src/domain/reportExport/) read them.

/** The commuting modes, named alike for the main and the second mode. */
const commuteModes = {
  walk: 'Walking',
  bike: 'Bicycle',
  ebike: 'Electric bicycle',
  bus: 'Bus',
  tram_metro: 'Tram or metro',
  train: 'Train',
  car_petrol: 'Car, petrol',
  car_diesel: 'Car, diesel',
  car_hybrid: 'Car, hybrid',
  car_electric: 'Car, electric',
  motorbike: 'Motorbike',
};

const messages = {
  modules: {
    commuting: {
      title: 'Commuting',
      description: 'How the unit’s members come to work: one survey response each, extrapolated to the whole unit.',
      types: { commute: 'Commuting survey response' },
      fields: {
        mode: 'Main mode',
        distance_km: 'One-way distance (km)',
        occupancy: 'People in the car',
        days_per_week: 'Days per week on site',
        weeks_per_year: 'Weeks on site per year',
        second_mode: 'Second mode',
        second_distance_km: 'Second mode: one-way distance (km)',
        second_days_per_week: 'Second mode: days per week',
        country: 'Country you commute in',
        traveler_id: 'Respondent',
        traveler_name: 'Respondent',
      },
      columns: { traveler_id: 'Person number' },
      hints: {
        occupancy: 'Cars only, you included: 2 or more for a car-pool. Empty: alone',
        weeks_per_year: '41 by default: a year’s working weeks less holidays and bank holidays',
        second_days_per_week: 'Of your days on site, those by the second mode; the main mode counts the rest',
        country: 'ISO code (CH, FR…): the train’s factor is this country’s. Empty: the world average',
      },
      options: {
        mode: commuteModes,
        second_mode: commuteModes,
      },
    },
  },
  formulas: {
    commute: {
      commute: 'Each part of the response (the main mode on the days the second mode leaves, the second mode on its days): km = 2 × one-way distance × days per week × weeks per year. kg CO2e = km × the mode’s factor (kg CO2e per passenger-km; for a car, per vehicle-km ÷ the people in it). The response is the sum of its parts; a part whose mode has no factor for the year leaves the response without a figure. The module’s total extrapolates the respondents to the unit: × the unit’s FTE ÷ the respondents’ FTE. By train, the factor is the train factor of the country given in the response (the world average for a country without one, or when none is given).',
    },
  },
};

export default messages;
