/** Property test of map 4 (see property.ts): thousands of seeded complete games by default. */
import t from 'tap';
import { propertyTest } from './property.js';

propertyTest(t, 4);
