// The module's English words: its names, fields and options (`modules.buildings`, the keys its
// descriptor and entry types give) and its method sentences (`method.formulas.<entry type>`).
// The SPA (web/src/i18n/en.ts) and the printable report (bff/src/domain/reportExport/) read them.

const messages = {
  modules: {
    buildings: {
      title: 'Buildings and energy',
      description: 'Electricity, heating fuels and district heat used by the unit’s sites, and refrigerant leaks of their equipment.',
      types: { electricity: 'Electricity', heating: 'Heating and fuels', refrigerant: 'Refrigerant leak' },
      fields: {
        site: 'Site or building',
        consumption: 'Consumption',
        consumption_unit: 'Unit',
        supply: 'Supply',
        mix: 'Grid country or supplier factor',
        carrier: 'Energy carrier',
        quantity: 'Quantity',
        quantity_unit: 'Unit',
        equipment: 'Equipment',
        gas: 'Gas',
        leaked_kg: 'Recharged or lost (kg)',
      },
      options: {
        supply: { location_based: 'Grid mix of a country (location-based)', supplier_specific: 'Supplier-specific (e.g. certified renewable contract)' },
        carrier: {
          natural_gas: 'Natural gas',
          heating_oil: 'Heating oil',
          propane: 'Propane',
          wood_pellets: 'Wood pellets',
          wood_chips: 'Wood chips',
          district_heating: 'District heating',
        },
        gas: { r134a: 'R-134a', r32: 'R-32', r410a: 'R-410A', r404a: 'R-404A', r407c: 'R-407C', r1234yf: 'R-1234yf', sf6: 'SF₆' },
      },
    },
  },
  formulas: {
    electricity: {
      electricity: 'kWh = consumption (in MWh: × the row’s kWh per MWh). kg CO2e = kWh × the factor of the supply and mix (kg CO2e per kWh).',
    },
    heating: {
      fuel_combustion: 'kWh = quantity × the carrier row’s conversion of its unit to kWh (none for kWh). kg CO2e = kWh × the carrier’s factor (kg CO2e per kWh). Fuels burnt on site are direct emissions (scope 1).',
      district_heating: 'kWh = quantity (in MWh: × the row’s kWh per MWh). kg CO2e = kWh × the district heating factor (kg CO2e per kWh). Heat bought from a network is purchased energy (scope 2).',
    },
    refrigerant: {
      refrigerant: 'kg CO2e = kg leaked × the gas’s GWP-100. A blend’s GWP-100 is the sum of its components’ GWP-100 weighted by their share of its mass.',
    },
  },
};

export default messages;
