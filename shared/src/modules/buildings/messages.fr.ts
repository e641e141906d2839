// Les mots français du module ; même forme que messages.en.ts.
import type en from './messages.en';

const messages: typeof en = {
  modules: {
    buildings: {
      title: 'Bâtiments et énergie',
      description: 'Électricité, combustibles de chauffage et chaleur de réseau des sites de l’unité, et fuites de fluides frigorigènes de leurs équipements.',
      types: { electricity: 'Électricité', heating: 'Chauffage et combustibles', refrigerant: 'Fuite de fluide frigorigène' },
      fields: {
        site: 'Site ou bâtiment',
        consumption: 'Consommation',
        consumption_unit: 'Unité',
        supply: 'Approvisionnement',
        mix: 'Pays du réseau ou facteur du fournisseur',
        carrier: 'Vecteur énergétique',
        quantity: 'Quantité',
        quantity_unit: 'Unité',
        equipment: 'Équipement',
        gas: 'Gaz',
        leaked_kg: 'Rechargé ou perdu (kg)',
      },
      options: {
        supply: { location_based: 'Mix du réseau d’un pays (location-based)', supplier_specific: 'Propre au fournisseur (p. ex. contrat renouvelable certifié)' },
        carrier: {
          natural_gas: 'Gaz naturel',
          heating_oil: 'Fioul domestique',
          propane: 'Propane',
          wood_pellets: 'Granulés de bois',
          wood_chips: 'Plaquettes de bois',
          district_heating: 'Chauffage urbain',
        },
        gas: { r134a: 'R-134a', r32: 'R-32', r410a: 'R-410A', r404a: 'R-404A', r407c: 'R-407C', r1234yf: 'R-1234yf', sf6: 'SF₆' },
      },
    },
  },
  formulas: {
    electricity: {
      electricity: 'kWh = consommation (en MWh : × les kWh par MWh de la ligne). kg CO2e = kWh × le facteur de la fourniture et du mix (kg CO2e par kWh).',
    },
    heating: {
      fuel_combustion: 'kWh = quantité × la conversion de son unité en kWh de la ligne du vecteur (aucune pour les kWh). kg CO2e = kWh × le facteur du vecteur (kg CO2e par kWh). Les combustibles brûlés sur place sont des émissions directes (scope 1).',
      district_heating: 'kWh = quantité (en MWh : × les kWh par MWh de la ligne). kg CO2e = kWh × le facteur du chauffage urbain (kg CO2e par kWh). La chaleur achetée à un réseau est de l’énergie achetée (scope 2).',
    },
    refrigerant: {
      refrigerant: 'kg CO2e = kg de fuite × le PRG-100 du gaz. Le PRG-100 d’un mélange est la somme des PRG-100 de ses composants pondérés par leur part de sa masse.',
    },
  },
};

export default messages;
