// Les mots français du module ; même forme que messages.en.ts.
import type en from './messages.en';

const messages: typeof en = {
  modules: {
    professional_travel: {
      title: 'Déplacements professionnels',
      description: 'Les voyages en avion, en train, en voiture, en autocar, en bus et en ferry des membres de l’unité.',
      types: { plane: 'Voyage en avion', train: 'Voyage en train', road_sea: 'Trajet en voiture, taxi, autocar, bus ou ferry' },
      fields: {
        origin: 'Origine',
        destination: 'Destination',
        origin_country: 'Pays d’origine',
        destination_country: 'Pays de destination',
        cabin_class: 'Classe de cabine',
        class: 'Classe',
        mode: 'Mode',
        distance_km: 'Distance aller (km)',
        occupancy: 'Personnes dans la voiture ou le taxi',
        number_of_trips: 'Nombre de voyages',
        round_trip: 'Aller-retour',
        departure_date: 'Date de départ',
        traveler_id: 'Voyageur',
        traveler_name: 'Voyageur',
      },
      columns: { traveler_id: 'Numéro de personne' },
      hints: {
        distance_km: 'Par la route ou la mer, aller simple (le chiffre d’un calculateur d’itinéraire). Un trajet en voiture, en taxi ou en autocar peut la laisser vide et indiquer plutôt son origine et sa destination',
        occupancy: 'Voitures et taxis seulement, voyageur compris : l’empreinte du véhicule est partagée entre eux. Vide : le voyageur seul',
      },
      options: {
        cabin_class: { economy: 'Économique', business: 'Affaires', first: 'Première' },
        class: { first: 'Première', second: 'Seconde' },
        mode: {
          car_petrol: 'Voiture, essence',
          car_diesel: 'Voiture, diesel',
          car_hybrid: 'Voiture, hybride',
          car_battery_electric: 'Voiture, électrique',
          car_unknown: 'Voiture, motorisation inconnue',
          taxi: 'Taxi',
          coach: 'Autocar',
          bus: 'Bus urbain',
          ferry_foot: 'Ferry (passager à pied)',
        },
      },
    },
  },
  formulas: {
    plane: {
      plane: 'Distance aller = distance orthodromique entre les aéroports + 95 km. Sa tranche : court-courrier sous 1 000 km, moyen-courrier de 1 000 à 3 500 km, long-courrier au-delà de 3 500 km. kg CO2e = distance aller × trajets (voyages, doublés pour un aller-retour) × le facteur de la tranche et de la classe (kg CO2e par km).',
    },
    train: {
      train: 'Distance aller = distance orthodromique × 1,2 (les voies ne vont pas en ligne droite). Le facteur est celui du pays quand les deux extrémités y sont, sinon celui du pays de destination, sinon celui du reste du monde. kg CO2e = distance aller × trajets × le facteur (kg CO2e par km).',
    },
    road_sea: {
      road_sea: 'Distance = la distance aller saisie, ou pour un trajet en voiture, en taxi ou en autocar entre deux lieux la distance orthodromique entre eux × 1,3 (le facteur de détour routier de la méthode GES 1point5), × trajets (voyages, doublés pour un aller-retour). Autocar, bus et ferry : kg CO2e = distance × le facteur du mode (kg CO2e par passager-km). Voiture et taxi : kg CO2e = distance × le facteur de la motorisation de la voiture ou du taxi (kg CO2e par véhicule-km) ÷ les personnes à bord (1 si non indiqué). Un mode sans facteur pour l’année n’a pas de chiffre.',
    },
  },
};

export default messages;
