export { countryLabel } from '@directory/core';
