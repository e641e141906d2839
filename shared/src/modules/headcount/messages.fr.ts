// Les mots français du module ; même forme que messages.en.ts.
import type en from './messages.en';

const messages: typeof en = {
  modules: {
    headcount: {
      title: 'Effectif',
      description: 'Les personnes de l’unité, leur ETP et les numéros de personne auxquels les déplacements se rattachent.',
      types: { member: 'Membre' },
      fields: {
        user_institutional_id: 'Numéro de personne',
        name: 'Nom',
        fte: 'ETP',
        position: 'Fonction',
        position_category: 'Catégorie de poste',
      },
      hints: { user_institutional_id: 'Chiffres uniquement, sans zéro initial' },
      options: {
        position_category: {
          researcher_faculty: 'Chercheur·e ou enseignant·e-chercheur·e',
          postdoc: 'Postdoctorant·e',
          phd_student: 'Doctorant·e',
          engineer_technician: 'Ingénieur·e ou technicien·ne',
          administrative: 'Personnel administratif',
          other: 'Autre',
        },
      },
    },
  },
  formulas: {
    member: {
      member: 'kg CO2e = EPT × la somme de tous les facteurs par EPT de l’année (alimentation, trajets domicile-travail…). Sans aucun facteur par EPT pour l’année, aucune estimation n’est configurée : 0, pas un chiffre manquant.',
    },
  },
};

export default messages;
