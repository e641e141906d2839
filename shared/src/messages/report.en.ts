// English texts of the printable report (GET /api/v1/carbon_reports/{id}/report.pdf), which the
// BFF writes with the standard PDF fonts: WinAnsi characters only ("CO2e", no subscripts). Names of
// modules, scopes, categories and statuses, and the units of figures, are those the web app shows
// (common.en.ts, each module's messages.en.ts), as on screen.
// report.fr.ts mirrors this shape exactly.
export default {
  title: 'Carbon footprint report',
  unitYear: '{unit} ({id}), {year}',
  generated: 'Generated on {date}',
  summary: 'Summary',
  perPerson: 'Per person',
  people: '{n} person | {n} people',
  tonnesPerPerson: '{value} t CO2e / person',
  notAvailable: 'not available',
  uncertainty: 'Uncertainty',
  byScope: 'By GHG Protocol scope',
  byModule: 'By module',
  byCategory: 'By reporting category',
  columns: { scope: 'Scope', module: 'Module', category: 'Category', entries: 'Entries', withoutFactor: 'Without a factor', status: 'Status' },
  completeness: {
    title: 'Completeness',
    allFigures: 'Every entry has a figure.',
    withoutFactorIn: '{module}: {n}',
    emptyModules: 'Modules without any entry: {modules}.',
    noEmptyModule: 'Every module has entries.',
    notValidated: 'Modules not validated yet: {modules}.',
    allValidated: 'Every module is validated.',
  },
  method: {
    title: 'Method',
    intro:
      'Each entry’s emissions are computed by its module’s formula with the emission factors of the year, and the totals are exact sums of them. An entry that no factor applies to has no figure: it is left out of the totals and counted under Completeness, never as zero. Emissions are reported by GHG Protocol scope (1 direct, 2 purchased energy, 3 other indirect) and reporting category.',
    sources: 'Sources of the factors used:',
    noSources: 'No factor was used for this module in this report.',
    modules: {
      headcount:
        'Each member weighs their FTE times the sum of the year’s per-FTE factors (food, commuting… as estimated per person). Without any such factor for the year, no per-FTE estimate is configured and members add nothing. The headcount also gives the FTE and the number of people the totals are divided by.',
      professional_travel:
        'A plane trip’s one-way distance is the great-circle distance between its airports plus 95 km; that distance’s band (short under 1,000 km, medium up to 3,500 km, long beyond) and the cabin class pick the factor in kg CO2e per km, multiplied by the distance and the number of legs. A train trip’s distance is the great-circle distance times 1.2, with the factor of the country it runs in. A car, coach, bus or ferry trip takes the one-way distance the traveler gives, times the number of legs, times the mode’s factor: per passenger-km for coach, bus and ferry; per vehicle-km for a car, by fuel, shared among the people in it.',
      buildings:
        'Electricity is the consumption in kWh times the factor of the country’s grid mix (location-based) or of the supplier’s contract. Heating fuels are converted to kWh with the fuel’s own conversion values and multiplied by their kg CO2e per kWh (fuels burnt on site are scope 1, district heat scope 2). A refrigerant leak is the mass lost times the gas’s global warming potential over 100 years.',
      equipment:
        'A device’s manufacturing footprint is spread evenly over its lifetime from 1 January of its acquisition year, and the report’s year carries its share. Its electricity, when not already metered in Buildings, is its power times its hours of use times the grid factor of its country.',
      purchases:
        'Spend-based: the amount is converted to euros with the year’s average exchange rate, brought to the euros of the year its factor is expressed in with the euro area price index (HICP), and multiplied by the factor of its NACRES code when given and published, else of its purchase category, in kg CO2e per euro.',
      digital_services:
        'Cloud and computing bills are weighed like purchases, by service kind. Computing by use is the core-hours or GPU-hours times the power of a core or GPU (or the kWh the provider metered), times the data centre’s PUE (the provider’s, else the industry average), times the grid factor of its country. AI services weigh their requests (prompts) times the kg CO2e per request their provider published, or, where it published energy, times the Wh per request and the grid factor of the country given (the world average without one). All are scope 3 purchased services.',
      commuting:
        'Each survey response counts its main mode and, on the days it gives, a second mode: twice the one-way distance times the days per week times the weeks per year, times the mode’s factor (per passenger-km; per vehicle-km for a car, shared among the people in it; by train, the train factor of the country the response gives, else the world average). A response without a figure is left out. The module’s total extrapolates the respondents to the whole unit: their emissions times the unit’s FTE over the respondents’ FTE (by head count when the FTE is unknown; an anonymous response counts 1 FTE).',
    },
  },
  page: 'Page {n} of {total}',
};
