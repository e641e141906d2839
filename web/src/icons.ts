// The app's icons as SVG (no icon font is shipped): each Material icon name the pages use, mapped
// to its path from @quasar/extras. Quasar asks `iconMapFn` for every icon name, so pages keep
// writing icon="add"; its own icons (a select's arrow, a table's pagination) come from its SVG
// icon set. web/test/icons.test.ts fails when a name used in web/src is missing here or in
// pageIcons.ts, or when the signed-in layout or the unit home uses one of pageIcons.ts.
// The signed-in shell (layouts/MainLayout.vue) installs both before its pages render: the
// signed-out pages show no icon and do not load these paths. The icons here are the layout's and
// the unit home's; the other signed-in pages add theirs (pageIcons.ts) as their code loads.
import {
  matAccountTree,
  matAdminPanelSettings,
  matApartment,
  matArrowForward,
  matBarChart,
  matDashboard,
  matEditNote,
  matHistory,
  matLeaderboard,
  matListAlt,
  matLogout,
  matManageAccounts,
  matMenuBook,
  matPerson,
  matRadioButtonUnchecked,
  matReportProblem,
  matTune,
  matUploadFile,
  matVerified,
  matWarning,
} from '@quasar/extras/material-icons';
import { IconSet } from 'quasar';
import svgIconSet from 'quasar/icon-set/svg-material-icons';

/** The signed-in layout's and the unit home's icons. */
export const SHELL_ICONS: Readonly<Record<string, string>> = {
  account_tree: matAccountTree,
  admin_panel_settings: matAdminPanelSettings,
  apartment: matApartment,
  arrow_forward: matArrowForward,
  bar_chart: matBarChart,
  dashboard: matDashboard,
  edit_note: matEditNote,
  history: matHistory,
  leaderboard: matLeaderboard,
  list_alt: matListAlt,
  logout: matLogout,
  manage_accounts: matManageAccounts,
  menu_book: matMenuBook,
  person: matPerson,
  radio_button_unchecked: matRadioButtonUnchecked,
  report_problem: matReportProblem,
  tune: matTune,
  upload_file: matUploadFile,
  verified: matVerified,
  warning: matWarning,
};

const known: Record<string, string> = { ...SHELL_ICONS };

/** More icons for `iconMapFn` (pageIcons.ts). */
export function addIcons(icons: Readonly<Record<string, string>>): void {
  Object.assign(known, icons);
}

/** Quasar's icon mapping: a known name becomes its SVG; anything else (an svg string, img:…) is left to Quasar. */
export const iconMapFn = (name: string): { icon: string } | undefined => {
  const icon = known[name];
  return icon === undefined ? undefined : { icon };
};

/** Quasar draws every icon as SVG from now on. */
export function useSvgIcons(): void {
  if (IconSet.iconMapFn === iconMapFn) return;
  IconSet.set(svgIconSet);
  IconSet.iconMapFn = iconMapFn;
}
