module.exports = require('../config/jest-web.cjs')(__dirname);
