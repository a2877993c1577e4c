// The theme before the first paint, so a dark page never flashes light: a classic script the
// page's head loads before its styles apply (the policy allows no inline script).
"use strict";
try {
  const theme = localStorage.getItem("sleuth.theme");
  if (theme) document.documentElement.dataset.theme = theme;
} catch (error) {
  // Storage refused (a private window's settings): the automatic theme.
}
