// The module's English words: its names, fields and options (`modules.headcount`, the keys its
// descriptor and entry types give) and its method sentences (`method.formulas.<entry type>`).
// The SPA (web/src/i18n/en.ts) and the printable report (bff/src/domain/reportExport/) read them.

const messages = {
  modules: {
    headcount: {
      title: 'Headcount',
      description: 'The people of the unit, their FTE, and the person numbers that travel entries refer to.',
      types: { member: 'Member' },
      fields: {
        user_institutional_id: 'Person number',
        name: 'Name',
        fte: 'FTE',
        position: 'Position',
        position_category: 'Position category',
      },
      hints: { user_institutional_id: 'Digits only, without a leading zero' },
      options: {
        position_category: {
          researcher_faculty: 'Researcher or faculty',
          postdoc: 'Postdoc',
          phd_student: 'PhD student',
          engineer_technician: 'Engineer or technician',
          administrative: 'Administrative staff',
          other: 'Other',
        },
      },
    },
  },
  formulas: {
    member: {
      member: 'kg CO2e = FTE × the sum of every per-FTE factor of the year (food, commuting…). Without any per-FTE factor for the year, no estimate is configured: 0, not a missing figure.',
    },
  },
};

export default messages;
