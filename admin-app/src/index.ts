// The async boundary lets the federation runtime negotiate shared libraries before any code runs.
import('./bootstrap');
