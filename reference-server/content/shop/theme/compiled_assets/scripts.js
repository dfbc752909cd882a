/* Store Test theme: section scripts compiled by the platform from the theme's {% javascript %} tags. */
(function () {
  var mediaList = document.querySelector('.product__media-list');
  if (mediaList) {
    mediaList.addEventListener('click', function (event) {
      var img = event.target.closest('img');
      if (img) img.classList.toggle('is-zoomed');
    });
  }
  window.theme = window.theme || {};
  window.theme.compiledScripts = true;
})();
