/**
 * Every text a user reads, in German, one section per export: `de` (index.ts) is this module's
 * namespace, so `de.nav.menu` is read as always. Spec texts are verbatim; keys are English;
 * functions take the variable parts.
 *
 * Each section is a module of its own, and the bundler follows `de.section` to that module:
 * a chunk carries only the sections its code reads (the logged-in frame its navigation and
 * footer, each page its own; issue 19, branch frame19d). A module's sections travel together,
 * so a new section gets a module of its own rather than joining another screen's. The texts of
 * the login and the app's frame are in start.ts (`deStart`, issue 19).
 */
export { actions, api, app, diagnostics, footer, help, login } from './start';
export { navMessages as nav } from './nav';
export { pagesMessages as pages } from './pages';
export { installMessages as install } from './install';
export { licenseMessages as license } from './license';
export { limitsMessages as limits } from './limits';
export { validationMessages as validation } from './validation';
export { usersMessages as users } from './users';
export { externalUsersMessages as externalUsers } from './externalUsers';
export { profileMessages as profile } from './profile';
export { passwordMessages as password } from './password';
export { permissionsMessages as permissions } from './permissions';
export { systemInfoMessages as systemInfo } from './systemInfo';
export { usersScreenMessages as usersScreen } from './usersScreen';
export { externalUsersScreenMessages as externalUsersScreen } from './externalUsersScreen';
export { permissionsScreenMessages as permissionsScreen } from './permissionsScreen';
export { profileScreenMessages as profileScreen } from './profileScreen';
export { settingsScreenMessages as settingsScreen } from './settingsScreen';
export { licenseScreenMessages as licenseScreen } from './licenseScreen';
export { settingsMessages as settings } from './settings';
export { projectMessages as projects } from './projects';
export { boardMessages as board } from './board';
export { panelMessages as projectPanels } from './panels';
export { overviewMessages as projectOverview } from './overview';
export { organisationMessages as organisation } from './organisation';
export { teamMessages as team } from './team';
export { adminOverviewMessages as adminOverview } from './adminOverview';
export { teamScreenMessages as teamScreen } from './teamScreen';
export { galleryMessages as gallery } from './gallery';
export { dashboardMessages as dashboard } from './dashboard';
export { templateScreenMessages as templatesScreen } from './templates';
export { organiseMessages as organise } from './organise';
export { syncMessages as sync } from './sync';
export { serverMessages as server } from './serverOperation';
export { reportMessages as reports } from './reports';
export { desktopMessages as desktop } from './desktopShell';
export { transferMessages as transfer } from './transfer';
export { sessionMessages as sessions } from './sessions';
export { securityMessages as security } from './security';
export { mailMessages as mail } from './notify';
export { pushMessages as push } from './notify';
export { directMessageTexts as directMessages } from './directMessages';
export { secondFactorMessages as secondFactor } from './secondFactor';
