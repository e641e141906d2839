// Les mots français du module ; même forme que messages.en.ts.
import type en from './messages.en';

/** Les modes de trajet, nommés de même pour le mode principal et le second. */
const commuteModes = {
  walk: 'Marche',
  bike: 'Vélo',
  ebike: 'Vélo électrique',
  bus: 'Bus',
  tram_metro: 'Tram ou métro',
  train: 'Train',
  car_petrol: 'Voiture, essence',
  car_diesel: 'Voiture, diesel',
  car_hybrid: 'Voiture, hybride',
  car_electric: 'Voiture, électrique',
  motorbike: 'Moto',
};

const messages: typeof en = {
  modules: {
    commuting: {
      title: 'Trajets domicile-travail',
      description: 'Comment les membres de l’unité viennent travailler : une réponse à l’enquête par personne, extrapolée à toute l’unité.',
      types: { commute: 'Réponse à l’enquête domicile-travail' },
      fields: {
        mode: 'Mode principal',
        distance_km: 'Distance aller (km)',
        occupancy: 'Personnes dans la voiture',
        days_per_week: 'Jours par semaine sur site',
        weeks_per_year: 'Semaines sur site par an',
        second_mode: 'Second mode',
        second_distance_km: 'Second mode : distance aller (km)',
        second_days_per_week: 'Second mode : jours par semaine',
        country: 'Pays du trajet',
        traveler_id: 'Répondant',
        traveler_name: 'Répondant',
      },
      columns: { traveler_id: 'Numéro de personne' },
      hints: {
        occupancy: 'Voitures seulement, vous compris : 2 ou plus pour un covoiturage. Vide : seul',
        weeks_per_year: '41 par défaut : les semaines ouvrées d’une année moins congés et jours fériés',
        second_days_per_week: 'Parmi vos jours sur site, ceux faits avec le second mode ; le mode principal compte le reste',
        country: 'Code ISO (CH, FR…) : le facteur du train est celui de ce pays. Vide : la moyenne mondiale',
      },
      options: {
        mode: commuteModes,
        second_mode: commuteModes,
      },
    },
  },
  formulas: {
    commute: {
      commute: 'Chaque partie de la réponse (le mode principal les jours que le second mode laisse, le second mode ses jours) : km = 2 × distance aller × jours par semaine × semaines par an. kg CO2e = km × le facteur du mode (kg CO2e par passager-km ; pour une voiture, par véhicule-km ÷ les personnes à bord). La réponse est la somme de ses parties ; une partie dont le mode n’a pas de facteur pour l’année laisse la réponse sans chiffre. Le total du module extrapole les répondants à l’unité : × les ETP de l’unité ÷ les ETP des répondants. En train, le facteur est celui du train du pays indiqué dans la réponse (la moyenne mondiale pour un pays sans facteur propre, ou sans pays).',
    },
  },
};

export default messages;
