// Textes français du rapport imprimable ; même forme que report.en.ts (caractères WinAnsi seulement).
import type reportEn from './report.en';

const reportFr: typeof reportEn = {
  title: 'Bilan carbone',
  unitYear: '{unit} ({id}), {year}',
  generated: 'Généré le {date}',
  summary: 'Synthèse',
  perPerson: 'Par personne',
  people: '{n} personne | {n} personnes',
  tonnesPerPerson: '{value} t CO2e / personne',
  notAvailable: 'non disponible',
  uncertainty: 'Incertitude',
  byScope: 'Par scope du GHG Protocol',
  byModule: 'Par module',
  byCategory: 'Par catégorie de déclaration',
  columns: { scope: 'Scope', module: 'Module', category: 'Catégorie', entries: 'Saisies', withoutFactor: 'Sans facteur', status: 'Statut' },
  completeness: {
    title: 'Complétude',
    allFigures: 'Chaque saisie a un chiffre.',
    withoutFactorIn: '{module} : {n}',
    emptyModules: 'Modules sans aucune saisie : {modules}.',
    noEmptyModule: 'Chaque module a des saisies.',
    notValidated: 'Modules pas encore validés : {modules}.',
    allValidated: 'Tous les modules sont validés.',
  },
  method: {
    title: 'Méthode',
    intro:
      'Les émissions de chaque saisie sont calculées par la formule de son module avec les facteurs d’émission de l’année, et les totaux en sont les sommes exactes. Une saisie à laquelle aucun facteur ne s’applique n’a pas de chiffre : elle est laissée hors des totaux et comptée sous Complétude, jamais comme zéro. Les émissions sont présentées par scope du GHG Protocol (1 directes, 2 énergie achetée, 3 autres indirectes) et par catégorie de déclaration.',
    sources: 'Sources des facteurs utilisés :',
    noSources: 'Aucun facteur n’a été utilisé pour ce module dans ce bilan.',
    modules: {
      headcount:
        'Chaque membre pèse son ETP multiplié par la somme des facteurs par ETP de l’année (alimentation, trajets domicile-travail… estimés par personne). Sans aucun tel facteur pour l’année, aucune estimation par ETP n’est configurée et les membres n’ajoutent rien. L’effectif donne aussi les ETP et le nombre de personnes par lesquels les totaux sont divisés.',
      professional_travel:
        'La distance aller d’un vol est la distance orthodromique entre ses aéroports plus 95 km ; la tranche de cette distance (courte sous 1 000 km, moyenne jusqu’à 3 500 km, longue au-delà) et la classe de cabine choisissent le facteur en kg CO2e par km, multiplié par la distance et le nombre de trajets. La distance d’un trajet en train est la distance orthodromique multipliée par 1,2, avec le facteur du pays où il circule. Un trajet en voiture, autocar, bus ou ferry prend la distance aller indiquée par le voyageur, multipliée par le nombre de trajets et par le facteur du mode : par passager-km pour l’autocar, le bus et le ferry ; par véhicule-km pour une voiture, selon sa motorisation, partagé entre les personnes à bord.',
      buildings:
        'L’électricité est la consommation en kWh multipliée par le facteur du mix du réseau du pays (méthode fondée sur la localisation) ou du contrat du fournisseur. Les combustibles de chauffage sont convertis en kWh par les valeurs de conversion du combustible et multipliés par leurs kg CO2e par kWh (combustibles brûlés sur place en scope 1, chaleur de réseau en scope 2). Une fuite de fluide frigorigène est la masse perdue multipliée par le potentiel de réchauffement global du gaz à 100 ans.',
      equipment:
        'L’empreinte de fabrication d’un appareil est répartie également sur sa durée de vie à partir du 1er janvier de son année d’acquisition, et l’année du bilan en porte sa part. Son électricité, quand elle n’est pas déjà comptée dans Bâtiments, est sa puissance multipliée par ses heures d’utilisation et par le facteur du réseau de son pays.',
      purchases:
        'Méthode monétaire : le montant est converti en euros au taux de change moyen de l’année, ramené aux euros de l’année de son facteur avec l’indice des prix de la zone euro (IPCH), et multiplié par le facteur de son code NACRES s’il est donné et publié, sinon de sa catégorie d’achat, en kg CO2e par euro.',
      digital_services:
        'Les factures de cloud et de calcul sont estimées comme les achats, par type de service. Le calcul à l’usage est le nombre d’heures-cœur ou d’heures-GPU multiplié par la puissance d’un cœur ou d’un GPU (ou les kWh mesurés par le fournisseur), par le PUE du centre de données (celui du fournisseur, sinon la moyenne du secteur) et par le facteur du réseau de son pays. Les services d’IA pèsent leurs requêtes (prompts) multipliées par les kg CO2e par requête publiés par leur fournisseur ou, s’il a publié une énergie, par les Wh par requête et le facteur du réseau du pays indiqué (la moyenne mondiale sans pays). Tous relèvent du scope 3, achats de services.',
      commuting:
        'Chaque réponse à l’enquête compte son mode principal et, les jours indiqués, un second mode : deux fois la distance aller multipliée par les jours par semaine et les semaines par an, puis par le facteur du mode (par passager-km ; par véhicule-km pour une voiture, partagé entre les personnes à bord ; en train, le facteur du train du pays indiqué par la réponse, sinon la moyenne mondiale). Une réponse sans chiffre est laissée de côté. Le total du module extrapole les répondants à toute l’unité : leurs émissions multipliées par les ETP de l’unité divisés par les ETP des répondants (par effectif quand les ETP sont inconnus ; une réponse anonyme compte 1 ETP).',
    },
  },
  page: 'Page {n} sur {total}',
};

export default reportFr;
