// The app's icons as SVG (no icon font is shipped): each Material icon name the pages use, mapped
// to its path from @quasar/extras. Quasar asks `iconMapFn` for every icon name, so pages keep
// writing icon="add"; its own icons (a select's arrow, a table's pagination) come from its SVG
// icon set. web/test/icons.test.ts fails when a name used in web/src is missing here.
// The signed-in shell (layouts/MainLayout.vue) installs both before its pages render: the
// signed-out pages show no icon and do not load these paths.
import {
  matAccountTree,
  matAdd,
  matAddModerator,
  matAdminPanelSettings,
  matApartment,
  matArrowBack,
  matArrowForward,
  matAutorenew,
  matBarChart,
  matBlock,
  matCheckCircle,
  matClose,
  matCloudOff,
  matCloudUpload,
  matContentCopy,
  matDashboard,
  matDelete,
  matDescription,
  matDownload,
  matEdit,
  matEditNote,
  matError,
  matEvent,
  matExpandLess,
  matExpandMore,
  matHealing,
  matHistory,
  matInbox,
  matInfo,
  matInsertDriveFile,
  matLeaderboard,
  matListAlt,
  matLock,
  matLockOpen,
  matLogout,
  matManageAccounts,
  matMenuBook,
  matPerson,
  matPictureAsPdf,
  matRadioButtonUnchecked,
  matRefresh,
  matRemoveCircleOutline,
  matReportProblem,
  matRestartAlt,
  matSchedule,
  matSearch,
  matSearchOff,
  matSummarize,
  matSwapHoriz,
  matSync,
  matTimeline,
  matTune,
  matUploadFile,
  matVerified,
  matWarning,
} from '@quasar/extras/material-icons';
import { outlinedInfo } from '@quasar/extras/material-icons-outlined';
import { IconSet } from 'quasar';
import svgIconSet from 'quasar/icon-set/svg-material-icons';

export const ICONS: Readonly<Record<string, string>> = {
  account_tree: matAccountTree,
  add: matAdd,
  add_moderator: matAddModerator,
  admin_panel_settings: matAdminPanelSettings,
  apartment: matApartment,
  arrow_back: matArrowBack,
  arrow_forward: matArrowForward,
  autorenew: matAutorenew,
  bar_chart: matBarChart,
  block: matBlock,
  check_circle: matCheckCircle,
  close: matClose,
  cloud_off: matCloudOff,
  cloud_upload: matCloudUpload,
  content_copy: matContentCopy,
  dashboard: matDashboard,
  delete: matDelete,
  description: matDescription,
  download: matDownload,
  edit: matEdit,
  edit_note: matEditNote,
  error: matError,
  event: matEvent,
  expand_less: matExpandLess,
  expand_more: matExpandMore,
  healing: matHealing,
  history: matHistory,
  inbox: matInbox,
  info: matInfo,
  insert_drive_file: matInsertDriveFile,
  leaderboard: matLeaderboard,
  list_alt: matListAlt,
  lock: matLock,
  lock_open: matLockOpen,
  logout: matLogout,
  manage_accounts: matManageAccounts,
  menu_book: matMenuBook,
  person: matPerson,
  picture_as_pdf: matPictureAsPdf,
  radio_button_unchecked: matRadioButtonUnchecked,
  refresh: matRefresh,
  remove_circle_outline: matRemoveCircleOutline,
  report_problem: matReportProblem,
  restart_alt: matRestartAlt,
  schedule: matSchedule,
  search: matSearch,
  search_off: matSearchOff,
  summarize: matSummarize,
  swap_horiz: matSwapHoriz,
  sync: matSync,
  timeline: matTimeline,
  tune: matTune,
  upload_file: matUploadFile,
  verified: matVerified,
  warning: matWarning,
  // The font's old name for the outlined info icon.
  info_outline: outlinedInfo,
};

/** Quasar's icon mapping: a known name becomes its SVG; anything else (an svg string, img:…) is left to Quasar. */
export const iconMapFn = (name: string): { icon: string } | undefined => {
  const icon = ICONS[name];
  return icon === undefined ? undefined : { icon };
};

/** Quasar draws every icon as SVG from now on. */
export function useSvgIcons(): void {
  if (IconSet.iconMapFn === iconMapFn) return;
  IconSet.set(svgIconSet);
  IconSet.iconMapFn = iconMapFn;
}
