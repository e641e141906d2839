import type en from './en';

const fr: typeof en = {
  app: { title: 'Empreinte carbone', language: 'Langue', signOut: 'Se déconnecter', menu: 'Menu' },
  nav: { workspace: 'Espace de travail', backoffice: 'Back-office' },
  login: {
    title: 'Connexion',
    intro: 'Calculez et suivez l’empreinte carbone de votre unité.',
    button: 'Se connecter',
    failed: 'Impossible de démarrer la connexion. Veuillez réessayer.',
  },
  auth: {
    completing: 'Connexion en cours…',
    failedTitle: 'La connexion a échoué',
    missingParams: 'Ce lien de connexion est incomplet ou a déjà été utilisé.',
    idpError: 'Le fournisseur d’identité a signalé une erreur : {error}',
    backToLogin: 'Retour à la connexion',
  },
  workspace: {
    title: 'Espace de travail',
    intro: 'Choisissez une unité et une année.',
    empty: 'Vous n’avez encore aucune unité. Demandez l’accès au responsable de votre unité ou au back-office.',
    years: 'Années',
    noYears: 'Pas encore de bilan carbone',
    loadFailed: 'Impossible de charger vos unités.',
  },
  errors: {
    notFoundTitle: 'Page introuvable',
    notFound: 'Il n’y a rien à cette adresse.',
    forbiddenTitle: 'Accès refusé',
    forbidden: 'Vous n’avez pas l’autorisation de voir cette page.',
    home: 'Aller à l’espace de travail',
    generic: 'Une erreur est survenue. Veuillez réessayer.',
  },
  common: { loading: 'Chargement…', retry: 'Réessayer' },
};

export default fr;
