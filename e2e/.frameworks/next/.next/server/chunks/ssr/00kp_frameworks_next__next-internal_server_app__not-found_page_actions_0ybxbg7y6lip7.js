module.exports=[67738,(a,b,c)=>{}];

//# sourceMappingURL=00kp_frameworks_next__next-internal_server_app__not-found_page_actions_0ybxbg7y6lip7.js.map