/*
 * Sitecore visitor identification: robots rarely move a pointer, so the first mouse move or touch
 * fetches a stylesheet whose response marks the analytics contact as a human visitor.
 */
(function () {
    var done = false;

    function identify() {
        if (done) {
            return;
        }
        done = true;
        document.removeEventListener('mousemove', identify, true);
        document.removeEventListener('touchstart', identify, true);
        var link = document.createElement('link');
        link.rel = 'stylesheet';
        link.type = 'text/css';
        link.href = '/layouts/system/VisitorIdentificationCSS.aspx?' + Date.now();
        (document.head || document.getElementsByTagName('head')[0]).appendChild(link);
    }

    document.addEventListener('mousemove', identify, true);
    document.addEventListener('touchstart', identify, true);
})();
