// The lazily loaded chunk of the marketplace, install and software pages.
export { MarketplacePane } from './marketplace.js';
export { MarketplaceAppPane } from './marketplace-app.js';
export { InstallFinishPane } from './marketplace-finish.js';
export { SoftwarePagePane } from './software-page.js';
