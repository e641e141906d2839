// The module's English words: its names, fields and options (`modules.equipment`, the keys its
// descriptor and entry types give) and its method sentences (`method.formulas.<entry type>`).
// The SPA (web/src/i18n/en.ts) and the printable report (bff/src/domain/reportExport/) read them.

const messages = {
  modules: {
    equipment: {
      title: 'Equipment',
      description: 'IT devices of the unit: their manufacturing footprint spread over their lifetime, and the electricity they draw when no building meters it.',
      types: { device: 'Device' },
      fields: {
        description: 'Description',
        device_type: 'Device type',
        count: 'Number of devices',
        acquisition_year: 'Acquisition year',
        lifetime_years: 'Lifetime (years)',
        power_w: 'Power (W)',
        hours_per_year: 'Hours of use per year',
        grid_country: 'Grid country',
      },
      hints: {
        lifetime_years: 'Empty: the usual lifetime of the device type',
        power_w: 'Enter the use only if this electricity is not already metered in Buildings',
        hours_per_year: 'Enter the use only if this electricity is not already metered in Buildings',
      },
      options: {
        device_type: {
          laptop: 'Laptop',
          desktop: 'Desktop computer',
          monitor: 'Monitor',
          server: 'Server',
          smartphone: 'Smartphone',
          tablet: 'Tablet',
          printer: 'Printer',
        },
      },
    },
  },
  formulas: {
    device: {
      device_embodied: 'kg CO2e = number of devices × kg CO2e per device × the share of its lifetime the year covers (1 / lifetime in each year of the lifetime, 0 outside it). The lifetime is the entry’s, else the factor’s.',
      device_use: 'kWh = number of devices × power (W) × hours of use per year / 1,000. kg CO2e = kWh × the location-based grid factor of the country (kg CO2e per kWh); 0 before the acquisition year.',
    },
  },
};

export default messages;
