/** Property test of map 3 (see property.ts): seeded complete games (thousands with PROPERTY_GAMES). */
import t from 'tap';
import { propertyTest } from './property.js';

propertyTest(t, 3);
