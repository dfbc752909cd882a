/* Store Test theme: global behaviour. */
(function () {
  'use strict';
  document.documentElement.className = document.documentElement.className.replace('no-js', 'js');
  function onSubmit(event) {
    var form = event.target.closest('form.product-form');
    if (!form) return;
    var button = form.querySelector('.product-form__submit');
    if (button) button.setAttribute('aria-disabled', 'true');
  }
  document.addEventListener('submit', onSubmit);
  window.theme = window.theme || {};
  window.theme.ready = true;
})();
