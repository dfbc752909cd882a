/*!
 * Lessons theme, main script
 * Navigation toggle, sticky header shadow, search box validation and card keyboard access.
 */
(function (window, document) {
    'use strict';

    var XA = window.XA = window.XA || {};
    XA.component = XA.component || {};

    function ready(fn) {
        if (document.readyState !== 'loading') {
            fn();
        } else {
            document.addEventListener('DOMContentLoaded', fn);
        }
    }

    function closest(el, selector) {
        while (el && el.nodeType === 1) {
            if ((el.matches || el.msMatchesSelector).call(el, selector)) {
                return el;
            }
            el = el.parentNode;
        }
        return null;
    }

    function debounce(fn, wait) {
        var timer;
        return function () {
            var args = arguments;
            var self = this;
            clearTimeout(timer);
            timer = setTimeout(function () { fn.apply(self, args); }, wait);
        };
    }

    XA.component.navigation = {
        init: function () {
            var toggle = document.querySelector('.nav-toggle');
            var nav = document.getElementById('main-navigation');
            if (!toggle || !nav) {
                return;
            }
            toggle.addEventListener('click', function () {
                var open = nav.classList.toggle('is-open');
                toggle.setAttribute('aria-expanded', open ? 'true' : 'false');
                toggle.classList.toggle('icon-menu', !open);
                toggle.classList.toggle('icon-close', open);
            });
            document.addEventListener('keydown', function (e) {
                if ((e.key === 'Escape' || e.keyCode === 27) && nav.classList.contains('is-open')) {
                    nav.classList.remove('is-open');
                    toggle.setAttribute('aria-expanded', 'false');
                    toggle.classList.add('icon-menu');
                    toggle.classList.remove('icon-close');
                    toggle.focus();
                }
            });
            window.addEventListener('resize', debounce(function () {
                if (window.innerWidth >= 992) {
                    nav.classList.remove('is-open');
                    toggle.setAttribute('aria-expanded', 'false');
                }
            }, 150));
        }
    };

    XA.component.header = {
        init: function () {
            var header = document.querySelector('.header');
            if (!header) {
                return;
            }
            var update = function () {
                header.classList.toggle('shadow', window.pageYOffset > 8);
            };
            window.addEventListener('scroll', debounce(update, 50), { passive: true });
            update();
        }
    };

    XA.component.search = {
        minLength: 2,
        init: function () {
            var forms = document.querySelectorAll('.search-box');
            Array.prototype.forEach.call(forms, function (form) {
                var input = form.querySelector('.search-box-input');
                form.addEventListener('submit', function (e) {
                    var value = (input.value || '').trim();
                    if (value.length < XA.component.search.minLength) {
                        e.preventDefault();
                        input.classList.add('is-invalid');
                        input.setAttribute('aria-invalid', 'true');
                        input.focus();
                    }
                });
                input.addEventListener('input', function () {
                    input.classList.remove('is-invalid');
                    input.removeAttribute('aria-invalid');
                });
            });
        }
    };

    XA.component.cards = {
        init: function () {
            document.addEventListener('click', function (e) {
                var card = closest(e.target, '.card');
                if (!card || closest(e.target, 'a, button, input')) {
                    return;
                }
                var link = card.querySelector('.card-title a');
                if (link && !window.getSelection().toString()) {
                    link.click();
                }
            });
        }
    };

    XA.component.externalLinks = {
        init: function () {
            var links = document.querySelectorAll('a[href^="http"]');
            Array.prototype.forEach.call(links, function (a) {
                if (a.hostname && a.hostname !== window.location.hostname) {
                    a.setAttribute('rel', 'noopener');
                    a.setAttribute('target', '_blank');
                }
            });
        }
    };

    XA.init = function () {
        Object.keys(XA.component).forEach(function (name) {
            try {
                XA.component[name].init();
            } catch (err) {
                if (window.console) {
                    window.console.warn('XA component ' + name + ' failed to start', err);
                }
            }
        });
    };

    ready(XA.init);
})(window, document);
